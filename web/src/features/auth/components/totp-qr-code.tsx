import { useMemo } from 'react';
import { renderSVG } from 'uqr';

/** SPEC §9: QR images are 228 by 228 pixels. */
export const QR_SIZE = 228;

/**
 * The otpauth:// link as a QR image for the authenticator app to scan. Drawn in the browser (an
 * SVG data URL): the secret it carries never goes to any server to be turned into an image.
 */
export const TotpQrCode = ({ uri, alt }: { uri: string; alt: string }) => {
  const src = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { border: 2 }))}`,
    [uri],
  );
  return (
    <img
      src={src}
      alt={alt}
      width={QR_SIZE}
      height={QR_SIZE}
      className="d-block mx-auto mb-3"
      style={{ imageRendering: 'pixelated' }}
    />
  );
};
