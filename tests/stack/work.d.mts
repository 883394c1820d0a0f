// Types of work.mjs for the TypeScript tests (tests/e2e).
export declare function defaultDifficulty(): number;
export declare function workShape(difficulty: number): [number, number];
export declare function solveWork(id: string, completionTime: string | number, difficulty?: number): string;
export declare function solveWorkV1(id: string, completionTime: string | number, difficulty?: number, start?: number): string;
