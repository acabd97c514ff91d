/** A written export: where to download it, until when, and its size. */
export interface ExportFile {
  url: string;
  expiresAt: Date;
  bytes: number;
}

/**
 * Where CSV exports go (S3, the exports bucket): written as a stream of lines in parts, so a
 * large export is never held in memory whole, then offered by a link that expires.
 */
export interface Exports {
  write(
    key: string,
    lines: AsyncIterable<string>,
    meta: { fileName: string; contentType: string },
  ): Promise<ExportFile>;
}

/** Exports of bytes (an eTMF-EMS package: a zip streamed into the bucket as it is made). */
export interface PackageExports {
  writeBytes(
    key: string,
    chunks: AsyncIterable<Uint8Array>,
    meta: { fileName: string; contentType: string },
  ): Promise<ExportFile>;
}
