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
export function securityHeaders(config?: { supabaseUrl?: string; emailOrigin?: string }): Record<string, string>;
export const CACHE_RULES: { path: string; value: string }[];
export function headersFile(config?: { supabaseUrl?: string; emailOrigin?: string }): string;
export function redirectsFile(): string;
export function vercelJson(config?: { supabaseUrl?: string; emailOrigin?: string }): unknown;
