import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve } from '../../../testing/registry-kit';
import { RetrieveCredentialsPage } from './retrieve-credentials-page';
import { RetrieveCredentialsSuccessPage } from './retrieve-credentials-success-page';

const API_ID = 'eisf-0001';
const TOKEN = 'tok_'.padEnd(43, 'A');
const LINK = `/generate/${API_ID}?t=${TOKEN}`;
const INVALID =
  'This link is not valid any more. Please ask the administrator who issued the credential to send you a new one.';

const preview = (kind: 'initial' | 'rotation' = 'initial') =>
  success({
    link: {
      apiId: API_ID,
      kind,
      organisationName: 'Klinikum Eins',
      systemName: 'Klinikum eISF',
      scopes: ['ccsc-api/system.read', 'ccsc-api/connections.read'],
      expiresAt: '2026-02-28T23:59:59.000Z',
      linkExpiresAt: '2025-03-04T10:00:00.000Z',
    },
  });

const REVEALED = {
  apiId: API_ID,
  clientId: 'client4eisf0001',
  clientSecret: 's3cr3t-value-shown-once',
  tokenUrl: 'https://auth.example/oauth2/token',
  apiBaseUrl: 'https://api.example/ccsc/api/v1/',
  openApiUrl: 'https://api.example/ccsc/api/v1/openapi.json',
  scopes: ['ccsc-api/system.read', 'ccsc-api/connections.read'],
  expiresAt: '2026-02-28T23:59:59.000Z',
  organisationName: 'Klinikum Eins',
  systemName: 'Klinikum eISF',
};

const open = (path = LINK) =>
  renderScreen(
    <Routes>
      <Route path="/generate/success" element={<RetrieveCredentialsSuccessPage />} />
      <Route path="/generate/:apiId" element={<RetrieveCredentialsPage />} />
    </Routes>,
    path,
  );
const location = () => screen.getByTestId('location').textContent;

beforeEach(async () => {
  await loadTestRuntimeConfig();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the credential link page', () => {
  it('shows what is issued, and takes the token out of the address at once', async () => {
    const calls = serve({ 'get-api-credential-link': preview('rotation') });
    open();
    expect(await screen.findByText('Klinikum eISF')).toBeInTheDocument();
    for (const text of [
      'Klinikum Eins',
      'ccsc-api/connections.read',
      'Read the connections (study sites) the calling system takes part in',
      '28-Feb-2026',
      /A new secret for an existing credential \(rotation\)/,
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(location()).toBe(`/generate/${API_ID}`);
    expect(bodiesOf(calls, 'get-api-credential-link')).toEqual([{ apiId: API_ID, token: TOKEN }]);
    expect(calls.every((c) => c.authorization === undefined)).toBe(true);
  });

  it('reveals the credentials once, with copy buttons, a .env and a JSON file, and a warning', async () => {
    const u = userEvent.setup();
    const files: { name: string; type: string; text: Promise<string> }[] = [];
    const blobs = new Map<string, Blob>();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:test/${blobs.size}`;
      if (blob instanceof Blob) blobs.set(url, blob);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const blob = blobs.get(this.getAttribute('href') ?? '');
      if (blob) files.push({ name: this.download, type: blob.type, text: blob.text() });
    });
    const calls = serve({
      'get-api-credential-link': preview(),
      decription: success(REVEALED),
    });
    open();
    await u.click(await screen.findByRole('button', { name: 'Reveal' }));

    expect(await screen.findByLabelText('Client secret')).toHaveValue('s3cr3t-value-shown-once');
    expect(screen.getByLabelText('Client ID')).toHaveValue('client4eisf0001');
    expect(screen.getByLabelText('Token URL')).toHaveValue('https://auth.example/oauth2/token');
    expect(screen.getByLabelText('API base URL')).toHaveValue('https://api.example/ccsc/api/v1/');
    expect(screen.getByLabelText('OpenAPI document')).toHaveValue(
      'https://api.example/ccsc/api/v1/openapi.json',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'These credentials are shown now and never again.',
    );
    expect(bodiesOf(calls, 'decription')).toEqual([{ apiId: API_ID, token: TOKEN }]);

    await u.click(screen.getByRole('button', { name: 'Copy Client secret' }));
    expect(await navigator.clipboard.readText()).toBe('s3cr3t-value-shown-once');
    expect(screen.getByRole('button', { name: 'Copy Client secret' })).toHaveTextContent('Copied');

    await u.click(screen.getByRole('button', { name: 'Download .env file' }));
    await u.click(screen.getByRole('button', { name: 'Download JSON file' }));
    expect(files.map((f) => [f.name, f.type])).toEqual([
      [`ccsc-${API_ID}.env`, 'text/plain'],
      [`ccsc-${API_ID}.json`, 'application/json'],
    ]);
    const [env, json] = await Promise.all(files.map((f) => f.text));
    expect(env).toContain('CCSC_CLIENT_ID=client4eisf0001\n');
    expect(env).toContain('CCSC_CLIENT_SECRET=s3cr3t-value-shown-once\n');
    expect(env).toContain('CCSC_TOKEN_URL=https://auth.example/oauth2/token\n');
    expect(env).toContain('CCSC_SCOPES="ccsc-api/system.read ccsc-api/connections.read"\n');
    expect(JSON.parse(json ?? '')).toMatchObject({
      clientId: 'client4eisf0001',
      clientSecret: 's3cr3t-value-shown-once',
      tokenUrl: REVEALED.tokenUrl,
      apiBaseUrl: REVEALED.apiBaseUrl,
      openApiUrl: REVEALED.openApiUrl,
      scopes: REVEALED.scopes,
      expiresAt: REVEALED.expiresAt,
    });

    // On to what to do next: the secret stays behind, the OpenAPI document is linked.
    await u.click(screen.getByRole('button', { name: 'I have stored them: continue' }));
    expect(
      await screen.findByRole('heading', { name: 'API Access Credentials Retrieved' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/generate/success');
    expect(screen.queryByText('s3cr3t-value-shown-once')).toBeNull();
    expect(screen.getByRole('link', { name: 'open the OpenAPI document' })).toHaveAttribute(
      'href',
      REVEALED.openApiUrl,
    );
    expect(screen.getByText(/curl -s 'https:\/\/api\.example\/ccsc\/api\/v1\/me'/)).toBeVisible();
    expect(bodiesOf(calls, 'decription')).toHaveLength(1);
  });

  it('says one thing for a link the server refuses, whether on opening or on revealing', async () => {
    serve({
      'get-api-credential-link': failure(404, 'NOT_FOUND', 'Link not found (expired)'),
    });
    const first = open();
    expect(await screen.findByTestId('link-refused')).toHaveTextContent(INVALID);
    expect(screen.queryByText(/expired\)/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reveal' })).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();

    const u = userEvent.setup();
    serve({
      'get-api-credential-link': preview(),
      decription: failure(404, 'NOT_FOUND', 'This link was used already'),
    });
    open();
    await u.click(await screen.findByRole('button', { name: 'Reveal' }));
    expect(await screen.findByTestId('link-refused')).toHaveTextContent(INVALID);
    expect(screen.queryByText(/used already/)).toBeNull();
    expect(screen.queryByLabelText('Client secret')).toBeNull();
  });

  it('asks nothing of the server for a malformed link and says the same; without a token, to open the e-mail’s link', async () => {
    const calls = serve({});
    const first = open(`/generate/${API_ID}?t=short`);
    expect(await screen.findByTestId('link-refused')).toHaveTextContent(INVALID);
    first.unmount();
    open(`/generate/${API_ID}`);
    expect(await screen.findByTestId('link-refused')).toHaveTextContent(
      'This page needs the link from the email.',
    );
    expect(calls).toEqual([]);
  });

  it('offers to try again when the service does not answer, rather than calling the link invalid', async () => {
    const u = userEvent.setup();
    let down = true;
    serve({
      'get-api-credential-link': () => (down ? 'network-error' : preview()),
    });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service could not be reached. Please try again.',
    );
    down = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Reveal' })).toBeInTheDocument();
    });
  });
});

describe('the success page', () => {
  it('says what to do next without the OpenAPI link when reached directly', async () => {
    open('/generate/success');
    const steps = await screen.findByRole('list');
    for (const text of [
      'Store the secret safely.',
      'Get an access token.',
      /grant_type=client_credentials/,
      /Start with \/ccsc\/api\/v1\/me/,
      /which your administrator can download for you/,
    ]) {
      expect(within(steps).getAllByText(text).length).toBeGreaterThan(0);
    }
    // No OpenAPI link to give; the console's own API reference and quickstart always.
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/ccsc/api/v1/docs',
    ]);
  });
});
