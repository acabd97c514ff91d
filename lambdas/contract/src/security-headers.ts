/**
 * The console's Content-Security-Policy, built in one place for the two that serve the console:
 * CloudFront's response-headers policy (infra/lib/constructs/site.ts) and the offline server
 * (mock-server/src/app.ts). They differ only in where the browser may connect to; everything else
 * is the same strict policy. Plain TypeScript without zod: the CDK passes its values as tokens
 * (unresolved strings), so they are joined as given, never parsed.
 */

export interface ContentSecurityPolicyOptions {
  /**
   * Where Amplify talks to Cognito: the regional endpoint in AWS (`cognitoRegionalEndpoint`), the
   * local stand-in offline (the runtime config's `cognitoEndpoint`).
   */
  readonly cognitoEndpoint: string;
  /** The API's origin when it is not the console's own (in AWS: API Gateway's execute-api host). */
  readonly apiOrigin?: string;
  /**
   * Where the browser PUTs a file through a presigned link (an eTMF-EMS package into the
   * documents bucket): the bucket's own origin in AWS, the S3 stand-in's offline.
   */
  readonly uploadOrigins?: readonly string[];
  /** Further sources the browser may connect to, for development only (e.g. a dev server's socket). */
  readonly devConnectSources?: readonly string[];
}

/** Cognito's user-pool endpoint of a region, the one Amplify derives itself in AWS. */
export const cognitoRegionalEndpoint = (region: string): string =>
  `https://cognito-idp.${region}.amazonaws.com`;

/**
 * The policy: the console's own scripts only (no inline or eval'd script), inline styles (React's
 * `style` props), images from itself, data: URLs (the QR code) and blob: URLs (a document's image
 * shown in the page, read through its link), no plug-ins, no framing, and
 * connections to itself, Cognito, the API and the bucket uploads go to alone.
 */
export const contentSecurityPolicy = (options: ContentSecurityPolicyOptions): string => {
  const connect = [
    "'self'",
    options.cognitoEndpoint,
    ...(options.apiOrigin === undefined ? [] : [options.apiOrigin]),
    ...(options.uploadOrigins ?? []),
    ...(options.devConnectSources ?? []),
  ];
  return [
    "default-src 'self'",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
};

/**
 * The console's Permissions-Policy, sent beside the CSP by CloudFront and the offline server: it
 * uses none of the browser's powerful features, so every one is switched off for the page and
 * anything it could embed — except writing to the clipboard, which the copy buttons (an API
 * credential's id, a one-time link) do for the console itself. Only features Chromium recognises
 * are named: an unknown one is a console error there.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');
