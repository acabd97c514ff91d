import { describe, expect, it } from 'vitest';
import { partnerOpenApi } from './partner-openapi';
import { partnerRouteList } from './partner-routes';

interface Operation {
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: { 'application/json': { example?: unknown } } };
  responses: Record<string, { content?: { 'application/json': { example?: unknown } } }>;
}

/** The document's examples as the server's own schemas read them: nothing shown it would refuse. */
describe('the partner API’s examples', () => {
  const gaps = { missing: [] as string[] };
  const doc = partnerOpenApi({
    baseUrl: 'https://console.example.org',
    tokenUrl: 'https://auth.example.org/oauth2/token',
    gaps,
  });
  const operationOf = (path: string, method: string) =>
    (doc.paths[`/${path}`] as Record<string, Operation>)[method.toLowerCase()] as Operation;

  it('takes every value from the table: no field shows its own name', () => {
    expect(gaps.missing).toEqual([]);
  });

  it('gives every call a request its route takes and an answer its route gives', () => {
    for (const route of partnerRouteList) {
      const operation = operationOf(route.path, route.method);
      const parameters = Object.fromEntries(
        (operation.parameters ?? []).map((p) => [p.name, p.example]),
      );
      for (const p of operation.parameters ?? []) {
        expect(p.example, `${route.operation} ${p.name}`).toBeDefined();
      }
      const body = operation.requestBody?.content['application/json'].example ?? {};
      const request = route.request.safeParse({ ...body, ...parameters });
      expect(request.error, route.operation).toBeUndefined();
      const answer = operation.responses['200']?.content?.['application/json'].example as {
        status: string;
        data: unknown;
      };
      expect(answer.status).toBe('success');
      const response = route.response.safeParse(answer.data);
      expect(response.error, route.operation).toBeUndefined();
    }
  });
});
