// The completeness page's tests share these.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { catalogueAnswer } from '../../../testing/standard-fixtures';
import {
  CORE_SITE_ARTIFACTS,
  importSummary,
  studyCompleteness,
} from '../../../testing/document-fixtures';
import { loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { signedInAs } from '../../../testing/registry-kit';

export const PAGE = '/admin/documents/completeness?studyId=study-1';
export const location = () => screen.getByTestId('location').textContent;
export const CORE_SITE = CORE_SITE_ARTIFACTS.length;

export const IMPORTS = [
  importSummary(2, { state: 'importing', completedAt: null, filed: 4, notFiled: 0 }),
  importSummary(1),
];

export const answers = {
  'artifact/study-completeness': success(studyCompleteness()),
  'artifact/catalogue': catalogueAnswer,
  's3documents/imports': success({ imports: IMPORTS }),
};

/** Each test signed in as an Auditor; fetch and mocks restored after. */
export const setUpCompletenessTests = () => {
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    signedInAs({ role: 'Auditor' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
};
