/** Folder → its path under the layer's node_modules, every package the layer carries, sorted. */
export declare const layerPackages: () => [string, string][];
/**
 * Writes the layer into `<outDir>/nodejs/node_modules/` (emptied first): `dir` is the folder to
 * deploy as a LayerVersion (it holds `nodejs/`), `bytes` the size of its files.
 */
export declare const buildPowertoolsLayer: (outDir: string) => { dir: string; bytes: number };
