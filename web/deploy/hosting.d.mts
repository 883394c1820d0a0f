// Types for hosting.mjs (used by the e2e tests in TypeScript).
export interface RouteFile {
  route: string;
  file: string;
  prerender?: boolean;
}
export const ROUTE_FILES: RouteFile[];
export const NOT_FOUND: RouteFile;
export const APP_ROUTES: string[];
export function routeFile(path: string): string | null;
export function isAppRoute(path: string): boolean;
export interface SiteConfig {
  supabaseUrl?: string;
  emailOrigin?: string;
  inlineScripts?: string[];
}
export function inlineScriptHashes(pages: string[]): string[];
export function builtInlineScriptHashes(dir: string): string[];
export function securityHeaders(config?: SiteConfig): Record<string, string>;
export const CACHE_RULES: { path: string; value: string }[];
export function headersFile(config?: SiteConfig): string;
export function redirectsFile(): string;
export function vercelJson(config?: SiteConfig): unknown;
