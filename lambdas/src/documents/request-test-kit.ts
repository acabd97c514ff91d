import { partnerRoutes } from '@ccsc/contract/partner-api';
import { routes } from '@ccsc/contract/routes';
import type { z } from 'zod';
import type { Caller, PartnerContext, RequestContext } from '../core/request';
import { silentLogger } from '../core/testing/fakes';
import { MemoryDocumentRequestStore } from '../core/testing/memory-document-requests';
import { MemoryWriteJournal } from '../core/testing/memory-write-journal';
import { setUp as documentWorld } from './document-world-kit';
import {
  cancelRequest,
  createRequests,
  listRequests,
  partnerRequests,
} from './document-requests.core';
import { getExpectedDocuments, saveExpectedDocuments } from './expected-documents.core';
import type { RequestDeps } from './request-access';
import { JournaledRequestWrites, requestWriteJournal } from './request-writes';

/**
 * The document requests' test world: the document exchange's (document-world-kit.ts: study 1,
 * sites 101 and 102 active, 103 suspended; real sends, classified and delivered), with the
 * requests' store and their journaled writes in memory, and each call as the router makes it.
 */
export const requestWorld = () => {
  const w = documentWorld();
  const requests = new MemoryDocumentRequestStore();
  const journal = new MemoryWriteJournal(w.clock);
  const writeDeps = {
    requests,
    audit: w.audit,
    auditReader: w.audit,
    // Issue 35: the same event log as the documents' writes (a request's and a return's news).
    events: w.events,
    clock: w.clock,
    logger: silentLogger(),
  };
  const writeJournal = requestWriteJournal({ journal }, writeDeps);
  let n = 0;
  const requestDeps: RequestDeps = {
    registry: w.registry,
    documents: w.documents,
    requests,
    writes: new JournaledRequestWrites(writeJournal),
    clock: w.clock,
    newId: () => {
      n += 1;
      return `req-${String(n).padStart(4, '0')}`;
    },
  };
  return { ...w, requests, requestJournal: journal, writeJournal, writeDeps, requestDeps };
};
export type RequestWorld = ReturnType<typeof requestWorld>;

type In<Op extends keyof typeof routes> = z.input<(typeof routes)[Op]['request']>;

export const call = {
  getExpected: async (
    w: RequestWorld,
    who: RequestContext<Caller>,
    input: In<'expected-documents/get'>,
  ) => {
    const route = routes['expected-documents/get'];
    return route.response.parse(
      await getExpectedDocuments(route.request.parse(input), who, w.requestDeps),
    );
  },
  saveExpected: async (
    w: RequestWorld,
    who: RequestContext<Caller>,
    input: In<'expected-documents/save'>,
  ) => {
    const route = routes['expected-documents/save'];
    return route.response.parse(
      await saveExpectedDocuments(route.request.parse(input), who, w.requestDeps),
    );
  },
  create: async (
    w: RequestWorld,
    who: RequestContext<Caller>,
    input: In<'document-requests/create'>,
  ) => {
    const route = routes['document-requests/create'];
    return route.response.parse(
      await createRequests(route.request.parse(input), who, w.requestDeps),
    );
  },
  cancel: async (
    w: RequestWorld,
    who: RequestContext<Caller>,
    input: In<'document-requests/cancel'>,
  ) => {
    const route = routes['document-requests/cancel'];
    return route.response.parse(
      await cancelRequest(route.request.parse(input), who, w.requestDeps),
    );
  },
  list: async (
    w: RequestWorld,
    who: RequestContext<Caller>,
    input: In<'document-requests/list'>,
  ) => {
    const route = routes['document-requests/list'];
    return route.response.parse(await listRequests(route.request.parse(input), who, w.requestDeps));
  },
  partner: async (
    w: RequestWorld,
    ctx: PartnerContext,
    input: z.input<(typeof partnerRoutes)['partner-requests']['request']> = {},
  ) => {
    const route = partnerRoutes['partner-requests'];
    return route.response.parse(
      await partnerRequests(route.request.parse(input), ctx, w.requestDeps),
    );
  },
};
