import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '../config/runtime-config';
import { testConfig } from '../testing/render-app';
import { App } from './app';

/** A /config.json download the test settles when it likes. */
const pendingConfig = () => {
  let resolve: (config: RuntimeConfig) => void = () => undefined;
  let reject: (err: Error) => void = () => undefined;
  const promise = new Promise<RuntimeConfig>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('App and /config.json', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('shows the login screen before /config.json has arrived, the product name after', async () => {
    const config = pendingConfig();
    render(<App configReady={config.promise} />);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).not.toHaveTextContent(testConfig.productName);
    await act(async () => {
      config.resolve(testConfig);
      await config.promise;
    });
    expect(screen.getByRole('banner')).toHaveTextContent(testConfig.productName);
    expect(document.title).toBe(testConfig.productName);
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('keeps every other screen waiting for /config.json', async () => {
    window.history.replaceState(null, '', '/forgot-password');
    const config = pendingConfig();
    render(<App configReady={config.promise} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    await act(async () => {
      config.resolve(testConfig);
      await config.promise;
    });
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
  });

  it('shows the configuration error page when /config.json fails, even on the login screen', async () => {
    const config = pendingConfig();
    render(<App configReady={config.promise} />);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await act(async () => {
      config.reject(new Error('/config.json answered HTTP 500'));
      await config.promise.catch(() => undefined);
    });
    expect(await screen.findByText('/config.json answered HTTP 500')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
  });
});
