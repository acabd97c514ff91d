import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { registryPaths } from '../../../config/registry-paths';
import { standardPaths } from '../../../config/standard-paths';
import { notification } from '../components/notification-test-kit';
import { subjectPathOf } from './notification-links';

describe('subjectPathOf', () => {
  it('opens a document’s page', () => {
    expect(subjectPathOf(notification(1))).toBe('/admin/documents/view?documentId=doc-1');
  });

  it('opens a standard in its editor, as the standards’ own writer does', () => {
    const published = notification(1, {
      kind: 'standard.published',
      subject: { type: 'standard', id: 'std 1/é', name: 'Map' },
    });
    expect(subjectPathOf(published)).toBe(standardPaths.editor('std 1/é'));
  });

  it('opens the connections of the organisation in the state the fact left them', () => {
    const of = (kind: 'connection.invited' | 'connection.accepted' | 'connection.ended') =>
      subjectPathOf(
        notification(1, { kind, subject: { type: 'connection', id: 'c-1', name: 'X' } }),
      );
    expect(of('connection.invited')).toBe(
      registryPaths.connectionsOf({ organisationId: 'site-001' }) + '&status=invited',
    );
    expect(of('connection.accepted')).toBe(
      '/admin/connections?organisationId=site-001&status=active',
    );
    expect(of('connection.ended')).toBe('/admin/connections?organisationId=site-001&status=ended');
  });

  it('opens the organisation’s expiring credentials', () => {
    const expiring = notification(1, {
      kind: 'credential.expiring',
      subject: { type: 'credential', id: 'api-1', name: 'eISF' },
    });
    expect(subjectPathOf(expiring)).toBe(
      '/admin/generate-api-credentials?organisationId=site-001&status=expiring',
    );
  });

  it('opens a distribution’s tracking page by the shared path, for each distribution kind', () => {
    for (const kind of [
      'distribution.to-acknowledge',
      'distribution.overdue',
      'distribution.acknowledged',
    ] as const) {
      const letter = notification(1, {
        kind,
        subject: { type: 'distribution', id: 'dist-1', name: 'IND safety report' },
      });
      expect(subjectPathOf(letter)).toBe(`${paths.admin.distribution}?distributionId=dist-1`);
    }
    expect(paths.admin.distribution).toBe('/admin/distributions/view');
  });

  it('opens the document for each return kind (rejected, recalled, recall asked, confirmed)', () => {
    for (const kind of [
      'document.rejected',
      'document.recalled',
      'document.recall-requested',
      'document.recall-confirmed',
    ] as const) {
      const returned = notification(1, {
        kind,
        subject: { type: 'document', id: 'doc 7', name: 'CV' },
      });
      expect(subjectPathOf(returned)).toBe('/admin/documents/view?documentId=doc+7');
    }
  });

  it('opens a request’s study’s requests page when its subject names the study, else has none', () => {
    // Held in a variable: the contract's subject gains `studyId` on branch w35y-events2.
    const ofStudy = { type: 'request' as const, id: 'req-1', name: 'CV', studyId: 'study 1' };
    const bare = { type: 'request' as const, id: 'req-1', name: 'Protocol signature page' };
    for (const kind of [
      'request.received',
      'request.due-soon',
      'request.overdue',
      'request.fulfilled',
    ] as const) {
      expect(subjectPathOf(notification(2, { kind, subject: ofStudy }))).toBe(
        `${paths.admin.documentRequests}?studyId=study+1`,
      );
      expect(subjectPathOf(notification(2, { kind, subject: bare }))).toBeNull();
    }
  });
});
