import type { BuildOptions } from 'esbuild';

export declare const LAYER_EXTERNALS: readonly string[];
export declare const LAMBDA_BUILD_OPTIONS: BuildOptions;
export interface BundleResult {
  name: string;
  bytes: number;
}
export declare const entries: () => { name: string; path: string }[];
export declare const bundleAll: (outDir?: string) => Promise<BundleResult[]>;
export interface DeclaredOperation {
  readonly operation: string;
  readonly api: 'console' | 'partner';
  readonly area: string;
  readonly exportName: string;
  readonly kit: string;
}
export declare const GENERATED_ENTRIES_DIR: string;
export declare const entryName: (operation: string) => string;
export declare const entrySource: (declared: DeclaredOperation) => string;
export declare const declaredEntryOf: (operation: string) => string | undefined;
