import { describe, expect, it } from 'vitest';
import { publicHost, publicUrlOf, urlHost } from './net';

describe('the hosts URLs name', () => {
  it('names the loopback and a wildcard localhost for people and partner systems', () => {
    for (const host of ['127.0.0.1', '0.0.0.0', '::', ''])
      expect(publicHost(host)).toBe('localhost');
    expect(publicHost('cognito')).toBe('cognito');
    expect(publicHost('::1')).toBe('[::1]');
    expect(urlHost('0.0.0.0')).toBe('127.0.0.1');
  });

  it('renames a loopback service URL, and leaves any other as it is', () => {
    expect(publicUrlOf('http://127.0.0.1:9229')).toBe('http://localhost:9229');
    expect(publicUrlOf('http://127.0.0.1:9229/')).toBe('http://localhost:9229/');
    expect(publicUrlOf('http://cognito:9229')).toBe('http://cognito:9229');
    expect(publicUrlOf('http://localhost:9229')).toBe('http://localhost:9229');
    expect(publicUrlOf('https://auth.example.org/x')).toBe('https://auth.example.org/x');
  });
});
