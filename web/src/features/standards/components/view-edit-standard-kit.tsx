import { screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { loadTestRuntimeConfig } from '../../../testing/fake-api';
import { renderScreen, signedInAs } from '../../../testing/registry-kit';
import { organisation, orgSystem, registryPage } from '../../../testing/registry-fixtures';
import { giveScrollAreasHeight, STANDARD_ID } from '../../../testing/standard-fixtures';
import { ViewEditStandardPage } from './view-edit-standard-page';

const KLINIKUM = organisation('site-1', 'Klinikum Eins');
export const AT = `/admin/artifact/view-edit-standard?standardId=${STANDARD_ID}`;
export const systems = registryPage('systems', [
  orgSystem('sys-eisf', KLINIKUM, { name: 'Klinikum eISF' }),
  orgSystem('sys-ctms', KLINIKUM, { name: 'Klinikum CTMS' }),
]);

/** Each test signed in as Ada Lovelace, with scroll areas tall enough for the grid to show rows. */
export const setUpEditorTests = () => {
  let undoHeight: () => void;
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    signedInAs({ givenName: 'Ada', familyName: 'Lovelace' });
    undoHeight = giveScrollAreasHeight();
  });
  afterEach(() => {
    undoHeight();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
};

/** Renders the editor at `path` and waits for its grid. */
export const open = async (path = AT) => {
  renderScreen(<ViewEditStandardPage />, path);
  return screen.findByRole('table', { name: /^Rows of / });
};
