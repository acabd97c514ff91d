/**
 * The quickstart's code (issue 36), made from the OpenAPI document the API serves: its server (the
 * API base URL), its token URL and its example of sending a document, so that what the page shows
 * is what the API takes. Code is not translated; the words around it are.
 */

/** What the quickstart reads of the partner API's OpenAPI document. */
export interface PartnerDocument {
  servers: { url: string }[];
  components: {
    securitySchemes: {
      oauth2: {
        flows: { clientCredentials: { tokenUrl: string; scopes: Record<string, string> } };
      };
    };
  };
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { example?: unknown }> } }>
  >;
}

/**
 * Where the OpenAPI document is: beside the console's calls (`…/ccsc/ui/` → `…/ccsc/api/v1/
 * openapi.json`), on the API's origin (API Gateway's in AWS, the console's offline).
 */
export const partnerOpenApiUrl = (apiBaseUrl: string, origin: string): string =>
  new URL('../api/v1/openapi.json', new URL(apiBaseUrl, `${origin}/`)).toString();

export interface QuickstartStep {
  key: 'step1' | 'step2' | 'step3' | 'step4';
  code: { language: 'curl' | 'TypeScript'; text: string }[];
}

const SCOPES =
  'ccsc-api/documents.send ccsc-api/documents.receive ccsc-api/events.read ccsc-api/webhooks.manage';

export const quickstartOf = (
  doc: PartnerDocument,
  openApiUrl: string,
): { baseUrl: string; tokenUrl: string; steps: QuickstartStep[] } => {
  const baseUrl = doc.servers[0]?.url ?? '';
  const tokenUrl = doc.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl;
  const example = doc.paths['/documents']?.post?.requestBody?.content['application/json']
    ?.example ?? { idempotencyKey: 'your-own-id-for-this-file', connectionId: '…' };
  const body = JSON.stringify(example, null, 2);
  const curlToken = [
    `TOKEN=$(curl -s -X POST '${tokenUrl}' \\`,
    `  -u "$CCSC_CLIENT_ID:$CCSC_CLIENT_SECRET" \\`,
    `  -d grant_type=client_credentials \\`,
    `  --data-urlencode 'scope=${SCOPES}' | jq -r .access_token)`,
    `API='${baseUrl}'`,
    `curl -s "$API/me" -H "Authorization: Bearer $TOKEN"`,
  ].join('\n');
  const tsToken = [
    `// npx openapi-typescript ${openApiUrl} -o partner-api.d.ts`,
    `import createClient from 'openapi-fetch';`,
    `import type { paths } from './partner-api';`,
    ``,
    `const res = await fetch('${tokenUrl}', {`,
    `  method: 'POST',`,
    `  headers: {`,
    `    authorization: 'Basic ' + btoa(\`\${CLIENT_ID}:\${CLIENT_SECRET}\`),`,
    `    'content-type': 'application/x-www-form-urlencoded',`,
    `  },`,
    `  body: new URLSearchParams({ grant_type: 'client_credentials', scope: '${SCOPES}' }),`,
    `});`,
    `const { access_token } = (await res.json()) as { access_token: string };`,
    `const api = createClient<paths>({`,
    `  baseUrl: '${baseUrl}',`,
    `  headers: { authorization: \`Bearer \${access_token}\` },`,
    `});`,
    `const { data: me } = await api.GET('/me');`,
  ].join('\n');
  const curlSend = [
    `curl -s -X POST "$API/documents" -H "Authorization: Bearer $TOKEN" \\`,
    `  -H 'Content-Type: application/json' -d @- <<'JSON'`,
    body,
    `JSON`,
    `# PUT the file to .data.upload.url with every header in .data.upload.headers:`,
    `curl -s -X PUT "$UPLOAD_URL" -H 'Content-Type: application/pdf' \\`,
    `  -H "x-amz-checksum-sha256: $CHECKSUM" --data-binary @document.pdf`,
    `curl -s -X POST "$API/documents/$DOCUMENT_ID/complete" -H "Authorization: Bearer $TOKEN" \\`,
    `  -H 'Content-Type: application/json' -d '{}'`,
    `curl -s "$API/documents/$DOCUMENT_ID" -H "Authorization: Bearer $TOKEN"`,
  ].join('\n');
  const tsSend = [
    `const { data: sent, error } = await api.POST('/documents', { body: ${body.replace(/\n/gu, '\n  ')} });`,
    `if (error) throw new Error(\`\${error.error.code}: \${error.error.message}\`);`,
    `const { document, upload } = sent.data;`,
    `await fetch(upload!.url, { method: 'PUT', headers: upload!.headers, body: file });`,
    `await api.POST('/documents/{documentId}/complete', {`,
    `  params: { path: { documentId: document.documentId } },`,
    `  body: {},`,
    `});`,
  ].join('\n');
  const curlReceive = [
    `curl -s "$API/documents?since=$CURSOR" -H "Authorization: Bearer $TOKEN"`,
    `curl -s "$DOWNLOAD_URL" -o received.pdf && sha256sum received.pdf`,
    `curl -s -X POST "$API/documents/$DOCUMENT_ID/acknowledge" -H "Authorization: Bearer $TOKEN" \\`,
    `  -H 'Content-Type: application/json' -d '{}'`,
    `curl -s "$API/events?since=$LAST_SEQUENCE" -H "Authorization: Bearer $TOKEN"`,
  ].join('\n');
  const tsReceive = [
    `const { data: inbox } = await api.GET('/documents', { params: { query: { since: cursor } } });`,
    `for (const received of inbox?.data.documents ?? []) {`,
    `  if (received.download === null) continue;`,
    `  const bytes = await (await fetch(received.download.url)).arrayBuffer();`,
    `  // …check SHA-256 against received.sha256, file it, then:`,
    `  await api.POST('/documents/{documentId}/acknowledge', {`,
    `    params: { path: { documentId: received.documentId } },`,
    `    body: {},`,
    `  });`,
    `}`,
    `cursor = inbox?.data.nextCursor;`,
    `const { data: events } = await api.GET('/events', { params: { query: { since: lastSequence } } });`,
  ].join('\n');
  const curlHooks = [
    `curl -s -X POST "$API/webhooks" -H "Authorization: Bearer $TOKEN" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"url":"https://hooks.your-system.example/ccsc","eventTypes":["document.held","document.rejected"]}'`,
    `# Keep .data.secret (whsec_…) in your vault: it is shown once.`,
    `curl -s "$API/webhooks/$ENDPOINT_ID/deliveries" -H "Authorization: Bearer $TOKEN"`,
  ].join('\n');
  const tsHooks = [
    `// npm install standardwebhooks — the Standard Webhooks reference library`,
    `import { Webhook } from 'standardwebhooks';`,
    ``,
    `const receiver = new Webhook(process.env.CCSC_WEBHOOK_SECRET!); // whsec_…`,
    `// In your HTTP handler, with the body exactly as it arrived:`,
    `const event = receiver.verify(rawBody, {`,
    `  'webhook-id': headers['webhook-id'],`,
    `  'webhook-timestamp': headers['webhook-timestamp'],`,
    `  'webhook-signature': headers['webhook-signature'],`,
    `}); // throws when the signature or the time is wrong: answer 400`,
    `// Answer 2xx within 15 s, then work; a webhook-id seen before is a repeat: skip it.`,
  ].join('\n');
  return {
    baseUrl,
    tokenUrl,
    steps: [
      {
        key: 'step1',
        code: [
          { language: 'curl', text: curlToken },
          { language: 'TypeScript', text: tsToken },
        ],
      },
      {
        key: 'step2',
        code: [
          { language: 'curl', text: curlSend },
          { language: 'TypeScript', text: tsSend },
        ],
      },
      {
        key: 'step3',
        code: [
          { language: 'curl', text: curlReceive },
          { language: 'TypeScript', text: tsReceive },
        ],
      },
      {
        key: 'step4',
        code: [
          { language: 'curl', text: curlHooks },
          { language: 'TypeScript', text: tsHooks },
        ],
      },
    ],
  };
};
