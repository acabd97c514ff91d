import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { filterNamesOf, listQueryOf, listSearchOf, useAddressQuery } from './list-query';

const params = (search: string) => new URLSearchParams(search);

describe('a list call’s filters in the address', () => {
  it('are the fields of its request but the page (cursor, limit, the token)', () => {
    expect(filterNamesOf('list-all-users')).toEqual([
      'search',
      'status',
      'role',
      'organisationId',
      'invitation',
      'sort',
      'order',
    ]);
    expect(filterNamesOf('list-audit-records')).toEqual([
      'view',
      'actor',
      'target',
      'action',
      'outcome',
      'from',
      'to',
    ]);
    expect(filterNamesOf('list-api-credentials')).toContain('use');
    expect(filterNamesOf('s3documents/list')).toEqual(
      expect.arrayContaining(['holdKind', 'delivered', 'sentFrom', 'sentTo', 'direction']),
    );
    expect(filterNamesOf('artifact/list-standards')).toContain('draftBefore');
  });

  it('reads what the contract accepts, as the dashboard’s links write it', () => {
    expect(listQueryOf('list-all-users', params('status=LOCKED'))).toEqual({ status: 'LOCKED' });
    expect(
      listQueryOf('list-all-users', params('invitation=expiring&sort=email&order=desc')),
    ).toEqual({ invitation: 'expiring', sort: 'email', order: 'desc' });
    expect(listQueryOf('list-api-credentials', params('use=never&status=expiring'))).toEqual({
      status: 'expiring',
      use: 'never',
    });
    expect(listQueryOf('s3documents/list', params('state=held&holdKind=mapping'))).toEqual({
      state: 'held',
      holdKind: 'mapping',
    });
    expect(
      listQueryOf('artifact/list-standards', params('status=draft&draftBefore=2026-10-25')),
    ).toEqual({ status: 'draft', draftBefore: '2026-10-25' });
    // A time within a day is kept exactly (the dashboard's windows begin on the hour).
    expect(
      listQueryOf(
        'list-audit-records',
        params('view=failed-sign-ins&from=2026-11-23T09%3A00%3A00.000Z'),
      ),
    ).toEqual({ view: 'failed-sign-ins', from: '2026-11-23T09:00:00.000Z' });
    expect(listQueryOf('list-connections', params('status=invited'))).toEqual({
      status: 'invited',
    });
  });

  it('leaves out what the contract refuses, unknown names, empty values and the page', () => {
    expect(
      listQueryOf(
        'list-all-users',
        params('status=locked&role=King&invitation=soon&organisationId=a%20b&search=%3Cx%3E&x=1'),
      ),
    ).toEqual({});
    expect(listQueryOf('list-all-users', params('cursor=abc&limit=5&accessToken=t'))).toEqual({});
    expect(listQueryOf('list-api-credentials', params('use=always&status='))).toEqual({});
    expect(listQueryOf('s3documents/list', params('holdKind=file&delivered=yes'))).toEqual({});
    expect(listQueryOf('artifact/list-standards', params('draftBefore=2026-13-01'))).toEqual({});
    expect(
      listQueryOf('list-audit-records', params('view=everything&from=yesterday&outcome=maybe')),
    ).toEqual({});
  });

  it('trims what it reads, as the contract would', () => {
    expect(listQueryOf('list-audit-records', params('target=%20sub-1%20'))).toEqual({
      target: 'sub-1',
    });
  });

  it('writes the filters back in the request’s order, and reads them back the same', () => {
    const query = { holdKind: 'mapping', state: 'held', studyId: 'study 1' } as const;
    const search = listSearchOf('s3documents/list', query);
    expect(search).toBe('?studyId=study+1&state=held&holdKind=mapping');
    expect(listQueryOf('s3documents/list', params(search))).toEqual(query);
    expect(listSearchOf('list-all-users', {})).toBe('');
    expect(listSearchOf('list-all-users', { search: '', status: undefined })).toBe('');
  });
});

describe('useAddressQuery', () => {
  it('reads the address and replaces it with the filters set', () => {
    let where = '';
    const Probe = () => {
      const location = useLocation();
      where = `${location.pathname}${location.search}`;
      return null;
    };
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(
        MemoryRouter,
        { initialEntries: ['/admin/user-management?status=LOCKED&role=King'] },
        children,
        createElement(Probe),
      );
    const { result } = renderHook(() => useAddressQuery('list-all-users'), { wrapper });
    expect(result.current.query).toEqual({ status: 'LOCKED' });
    const first = result.current.query;
    act(() => {
      result.current.setQuery({ ...result.current.query, invitation: 'expired' });
    });
    expect(where).toBe('/admin/user-management?status=LOCKED&invitation=expired');
    expect(result.current.query).toEqual({ status: 'LOCKED', invitation: 'expired' });
    expect(result.current.query).not.toBe(first);
  });
});
