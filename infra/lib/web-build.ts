import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the web build (web/dist) is, if there is one. The app never builds the web app itself
 * and never deploys a stand-in page: without a build, the stack deploys infrastructure and
 * /config.json only and leaves whatever the site bucket already serves untouched (the content
 * deployments never prune), so a deploy from a checkout without a build cannot replace a working
 * console with a blank one. Synthesis says so loudly; `-c requireWebBuild=true` (for pipelines)
 * makes it fail instead.
 */
export type WebBuild =
  | { readonly found: true; readonly dir: string }
  | { readonly found: false; readonly dir: string; readonly warning: string };

export const locateWebBuild = (dir: string): WebBuild => {
  if (existsSync(join(dir, 'index.html'))) return { found: true, dir };
  return {
    found: false,
    dir,
    warning:
      `No web build in ${dir} (index.html missing): this synthesis does NOT include the console's ` +
      'files. Deploying it updates the infrastructure and /config.json only and leaves the site ' +
      'content as it is. Run `npm run build -w web` first to ship the console.',
  };
};
