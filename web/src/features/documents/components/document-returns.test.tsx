import type { DocumentDetail } from '@ccsc/contract/documents';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import { documentAnswer, documentDetail, documentId } from '../../../testing/document-fixtures';
import { DocumentDetailPage } from './document-detail-page';

/**
 * A document sent back (issue 35): the receiving OrgAdmin rejects (a reason, a comment required
 * for Other), the sending OrgAdmin recalls, the receiver answers a recall request; both sides see
 * the rejection and the recall; the others are offered nothing.
 */

const ID = documentId(7);
const PATH = `/admin/documents/view?documentId=${ID}`;
const DELIVERED = documentDetail(7);
const AT = '2025-02-05T09:00:00.000Z';
const REJECTED: DocumentDetail = {
  ...DELIVERED,
  state: 'rejected',
  rejection: {
    reason: 'other',
    comment: 'Page 2 belongs to another visit.',
    by: 'receiver@example.com',
    at: AT,
    organisationId: 'sponsor-1',
  },
};

beforeEach(async () => {
  await loadTestRuntimeConfig();
});

const open = async () => {
  renderScreen(<DocumentDetailPage />, PATH);
  return screen.findByRole('heading', { level: 1, name: 'Visit log 7' });
};

describe('sending a document back', () => {
  it('the receiving OrgAdmin rejects with a reason and a comment, required for Other', async () => {
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
    const u = userEvent.setup();
    let current = DELIVERED;
    const calls = serve({
      's3documents/get': () => documentAnswer(current),
      's3documents/return': () => {
        current = REJECTED;
        return success({
          documentId: ID,
          state: 'rejected',
          rejection: REJECTED.rejection,
          recall: null,
        });
      },
    });
    await open();
    const actions = screen.getByRole('group', { name: 'Send back' });
    expect(within(actions).queryByRole('button', { name: 'Recall…' })).toBeNull();
    await u.click(within(actions).getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByTestId('return-dialog-reject');
    await u.selectOptions(within(dialog).getByLabelText('Reason'), 'Other');
    await u.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Write a comment.')).toBeInTheDocument();
    expect(bodiesOf(calls, 's3documents/return')).toEqual([]);
    await u.type(
      within(dialog).getByLabelText('Comment (required)'),
      'Page 2 belongs to another visit.',
    );
    await u.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByTestId('document-notice')).toHaveTextContent(
      'The document is rejected. The sender sees why.',
    );
    expect(bodiesOf(calls, 's3documents/return')).toEqual([
      {
        documentId: ID,
        action: 'reject',
        reason: 'other',
        comment: 'Page 2 belongs to another visit.',
      },
    ]);
    const rejection = await screen.findByTestId('rejection');
    expect(rejection).toHaveTextContent('Rejected by the receiver: Other');
    expect(rejection).toHaveTextContent('Page 2 belongs to another visit.');
    expect(rejection).toHaveTextContent('By receiver@example.com');
    expect(screen.getByTestId('document-state')).toHaveTextContent('Rejected');
    expect(screen.queryByRole('group', { name: 'Send back' })).toBeNull();
  });

  it('shows the sender the rejection, and its server refusal in the dialog', async () => {
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    const u = userEvent.setup();
    serve({
      's3documents/get': documentAnswer({ ...DELIVERED, state: 'acknowledged' }),
      's3documents/return': failure(
        409,
        'CONFLICT',
        'The document changed meanwhile; reload it and try again.',
      ),
    });
    await open();
    await u.click(screen.getByRole('button', { name: 'Recall…' }));
    const dialog = await screen.findByTestId('return-dialog-recall');
    expect(dialog).toHaveTextContent('your recall is a request the receiver confirms or declines');
    await u.click(within(dialog).getByRole('button', { name: 'Recall' }));
    expect(
      await within(dialog).findByText('The document changed meanwhile; reload it and try again.'),
    ).toBeInTheDocument();
  });

  it('the receiver answers a recall request: Decline needs a comment', async () => {
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
    const u = userEvent.setup();
    const asked: DocumentDetail = {
      ...DELIVERED,
      state: 'recall-requested',
      recall: {
        comment: 'Wrong site.',
        by: 'system:sys-eisf',
        at: AT,
        organisationId: 'site-1',
        outcome: null,
        answer: null,
      },
    };
    const calls = serve({
      's3documents/get': documentAnswer(asked),
      's3documents/return': success({
        documentId: ID,
        state: 'acknowledged',
        rejection: null,
        recall: asked.recall,
      }),
    });
    await open();
    expect(screen.getByTestId('recall')).toHaveTextContent(
      'The sender asks for this document back',
    );
    expect(screen.getByTestId('recall')).toHaveTextContent('By sys-eisf');
    expect(screen.getByRole('button', { name: 'Confirm recall…' })).toBeEnabled();
    await u.click(screen.getByRole('button', { name: 'Decline recall…' }));
    const dialog = await screen.findByTestId('return-dialog-decline');
    await u.click(within(dialog).getByRole('button', { name: 'Decline recall' }));
    expect(await within(dialog).findByText('Write a comment.')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText('Comment (required)'), 'Filed already.');
    await u.click(within(dialog).getByRole('button', { name: 'Decline recall' }));
    expect(await screen.findByTestId('document-notice')).toHaveTextContent(
      'The recall is declined: the document stays acknowledged.',
    );
    expect(bodiesOf(calls, 's3documents/return')).toEqual([
      { documentId: ID, action: 'decline-recall', comment: 'Filed already.' },
    ]);
  });

  it('offers an Auditor and a PlatformAdmin nothing; a recalled document is not downloadable', async () => {
    for (const profile of [
      { role: 'Auditor' as const, organisationId: 'sponsor-1' },
      { role: 'PlatformAdmin' as const },
    ]) {
      signedInAs(profile);
      serve({
        's3documents/get': documentAnswer({
          ...DELIVERED,
          state: 'recalled',
          recall: {
            comment: null,
            by: 'site@example.com',
            at: AT,
            organisationId: 'site-1',
            outcome: 'immediate',
            answer: null,
          },
        }),
      });
      const view = renderScreen(<DocumentDetailPage />, PATH);
      await screen.findByRole('heading', { level: 1, name: 'Visit log 7' });
      expect(screen.queryByRole('group', { name: 'Send back' })).toBeNull();
      expect(screen.getByTestId('recall')).toHaveTextContent(
        'Recalled by the sender before it was acknowledged.',
      );
      expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
      expect(
        screen.getByText('The sender recalled this document: its file is no longer handed out.'),
      ).toBeInTheDocument();
      view.unmount();
    }
  });
});
