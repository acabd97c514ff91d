import type { BuildOptions } from 'esbuild';

export declare const LAYER_EXTERNALS: readonly string[];
export declare const LAMBDA_BUILD_OPTIONS: BuildOptions;
export interface BundleResult {
  name: string;
  bytes: number;
}
export declare const entries: () => { name: string; path: string }[];
export declare const bundleAll: (outDir?: string) => Promise<BundleResult[]>;
