import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { RedocStandalone } from 'redoc';
import { useRuntimeConfig } from '../../config/runtime-config';
import { LoadingIndicator } from '../../components/loading-indicator';
import { partnerOpenApiUrl, quickstartOf, type PartnerDocument } from './quickstart';
import './api-reference.css';

/**
 * Where the example integration lives (issue 36): the simulated partner systems `npm start` runs
 * are written against the generated client as this quickstart tells it.
 */
const EXAMPLE_PATH = 'mock-server/src/partner-systems/journey.ts';
/**
 * /ccsc/api/v1/docs (issue 36): the partner API's reference for a vendor's engineer, public. The
 * OpenAPI document the API serves (the one source: what the server checks, what a generated
 * client types) rendered by Redoc, after a quickstart in curl and TypeScript whose URLs and
 * example request come from that same document. Its own chunk, Redoc with it: no other screen
 * carries it.
 */
export const ApiReferencePage = () => {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const url = partnerOpenApiUrl(config.apiBaseUrl, window.location.origin);
  const [document, setDocument] = useState<PartnerDocument | 'failed' | null>(null);

  useEffect(() => {
    let live = true;
    fetch(url)
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        return (await res.json()) as PartnerDocument;
      })
      .then(
        (doc) => {
          if (live) setDocument(doc);
        },
        () => {
          if (live) setDocument('failed');
        },
      );
    return () => {
      live = false;
    };
  }, [url]);

  if (document === null) return <LoadingIndicator />;
  if (document === 'failed') return <Alert variant="danger">{t('apiReference.loadFailed')}</Alert>;
  const quickstart = quickstartOf(document, url);
  return (
    <article className="api-reference bg-body rounded p-3">
      <h1 className="h3 mb-2">{t('apiReference.title')}</h1>
      <p className="text-body-secondary">{t('apiReference.intro')}</p>
      <dl className="row small mb-4">
        <dt className="col-sm-3">{t('apiReference.baseUrl')}</dt>
        <dd className="col-sm-9 text-break">
          <code>{quickstart.baseUrl}</code>
        </dd>
        <dt className="col-sm-3">{t('apiReference.tokenUrl')}</dt>
        <dd className="col-sm-9 text-break">
          <code>{quickstart.tokenUrl}</code>
        </dd>
        <dt className="col-sm-3">{t('apiReference.document')}</dt>
        <dd className="col-sm-9 text-break">
          <a href={url} download="openapi.json">
            {t('apiReference.download')}
          </a>
        </dd>
      </dl>
      <section aria-labelledby="quickstart" className="mb-4">
        <h2 id="quickstart" className="h4">
          {t('apiReference.quickstartTitle')}
        </h2>
        <p>{t('apiReference.quickstartIntro')}</p>
        <p className="small text-body-secondary">{t('apiReference.typescriptNote')}</p>
        {quickstart.steps.map((step) => (
          <section key={step.key} aria-labelledby={`quickstart-${step.key}`} className="mb-3">
            <h3 id={`quickstart-${step.key}`} className="h5">
              {t(`apiReference.${step.key}`)}
            </h3>
            <p>{t(`apiReference.${step.key}Text`)}</p>
            {step.code.map((block) => (
              <figure key={block.language} className="mb-2">
                <figcaption className="small fw-semibold">{block.language}</figcaption>
                <pre className="bg-body-secondary p-2 mb-0 small" tabIndex={0}>
                  <code>{block.text}</code>
                </pre>
              </figure>
            ))}
          </section>
        ))}
        <h3 id="quickstart-example" className="h5">
          {t('apiReference.exampleTitle')}
        </h3>
        <p>
          {t('apiReference.exampleText')} <code>{EXAMPLE_PATH}</code>
        </p>
      </section>
      <section aria-labelledby="reference">
        <h2 id="reference" className="h4">
          {t('apiReference.referenceTitle')}
        </h2>
        <p className="small text-body-secondary">{t('apiReference.referenceLanguage')}</p>
        {/* The reference's words are the OpenAPI document's, in English on every page (WCAG 3.1.2). */}
        <div lang="en">
          <RedocStandalone
            spec={document}
            options={{
              hideDownloadButton: true,
              disableSearch: true,
              // Redoc's defaults: answers and samples folded until opened (a page of 25 calls
              // stays light to render and to read with a screen reader).
              jsonSampleExpandLevel: 2,
              // Colours of at least 4.5:1 against what they are shown on (WCAG 2.2 AA): Redoc's
              // defaults fall just short for its response codes, chips and secondary text.
              theme: {
                colors: {
                  primary: { main: '#0a58ca' },
                  success: { main: '#146c2e' },
                  error: { main: '#b02a37' },
                  text: { primary: '#212529', secondary: '#565e64' },
                },
                schema: { typeNameColor: '#565e64', typeTitleColor: '#565e64' },
                sidebar: { backgroundColor: '#f8f9fa', textColor: '#212529' },
                rightPanel: { backgroundColor: '#1f2a37' },
              },
            }}
          />
        </div>
      </section>
    </article>
  );
};
