import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { guardedLookup, nonPublicAddress, webhookUrlProblem } from './webhook-target';

const strict = { allowLoopback: false };
const offline = { allowLoopback: true };

describe('where a webhook may be sent', () => {
  it('tells public addresses from loopback, private, link-local and reserved ones, IPv4 and IPv6', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '52.94.236.248']) {
      expect(nonPublicAddress(address), address).toBeNull();
    }
    const expected: Record<string, string> = {
      '127.0.0.1': 'loopback',
      '127.8.9.1': 'loopback',
      '::1': 'loopback',
      '10.1.2.3': 'private',
      '172.16.0.1': 'private',
      '172.31.255.255': 'private',
      '192.168.1.1': 'private',
      '100.64.0.1': 'private',
      'fd12:3456::1': 'private',
      '169.254.169.254': 'link-local',
      'fe80::1': 'link-local',
      '0.0.0.0': 'reserved',
      '::': 'reserved',
      '224.0.0.1': 'reserved',
      '255.255.255.255': 'reserved',
      '198.18.0.1': 'reserved',
      '2001:db8::1': 'reserved',
      // An IPv4 address carried in IPv6 is judged as itself.
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:a9fe:a9fe': 'link-local',
      '64:ff9b::10.0.0.1': 'private',
      '2002:c0a8:0101::1': 'private',
      'not-an-address': 'reserved',
    };
    for (const [address, kind] of Object.entries(expected)) {
      expect(nonPublicAddress(address), address).toBe(kind);
    }
    expect(nonPublicAddress('172.32.0.1')).toBeNull();
    expect(nonPublicAddress('::ffff:8.8.8.8')).toBeNull();
  });

  it('takes an https URL of a public name; refuses http, credentials, fragments and non-public hosts', () => {
    expect(webhookUrlProblem('https://hooks.vendor.example.com/ccsc?tenant=4', strict)).toBeNull();
    const refused: Record<string, RegExp> = {
      'http://hooks.vendor.example.com/ccsc': /must be https/u,
      'https://user:pw@hooks.vendor.example.com/': /user name or password/u,
      'https://hooks.vendor.example.com/#x': /fragment/u,
      'https://127.0.0.1/hook': /not a loopback/u,
      'https://localhost/hook': /not a loopback/u,
      'https://[::1]/hook': /not a loopback/u,
      'https://169.254.169.254/latest/meta-data': /not a link-local/u,
      'https://10.0.0.5/hook': /not a private/u,
      'https://intranet/hook': /full domain name/u,
      'ftp://hooks.vendor.example.com/': /must be https/u,
      'not a url': /not a valid absolute URL/u,
    };
    for (const [url, problem] of Object.entries(refused)) {
      expect(webhookUrlProblem(url, strict), url).toMatch(problem);
    }
  });

  it('offline, by configuration, takes a loopback target over plain http', () => {
    expect(webhookUrlProblem('http://127.0.0.1:4711/webhooks', offline)).toBeNull();
    expect(webhookUrlProblem('http://localhost:4711/webhooks', offline)).toBeNull();
    expect(webhookUrlProblem('http://10.0.0.5/hook', offline)).toMatch(/must be https/u);
  });

  it('refuses at connection a name that resolves to any non-public address (DNS rebinding)', async () => {
    const resolver =
      (addresses: LookupAddress[]) =>
      (_host: string, _options: object, callback: (e: null, a: LookupAddress[]) => void) => {
        callback(null, addresses);
      };
    const look = (policy: typeof strict, addresses: LookupAddress[]) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) => {
        guardedLookup(policy, resolver(addresses) as never)(
          'hooks.vendor.example.com',
          {},
          (error, address) => {
            resolve({ error, address });
          },
        );
      });
    const publicOne = { address: '93.184.216.34', family: 4 };
    expect(await look(strict, [publicOne])).toEqual({ error: null, address: '93.184.216.34' });
    const rebound = await look(strict, [publicOne, { address: '169.254.169.254', family: 4 }]);
    expect(rebound.error?.code).toBe('ENOTPUBLIC');
    expect(rebound.error?.message).toMatch(/169\.254\.169\.254, which is not a public address/u);
    expect((await look(strict, [{ address: '127.0.0.1', family: 4 }])).error?.code).toBe(
      'ENOTPUBLIC',
    );
    expect((await look(offline, [{ address: '127.0.0.1', family: 4 }])).error).toBeNull();
    expect((await look(offline, [{ address: '10.0.0.1', family: 4 }])).error?.code).toBe(
      'ENOTPUBLIC',
    );
  });
});
