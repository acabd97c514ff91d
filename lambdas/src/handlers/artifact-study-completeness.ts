import { documentRoutes as routes } from '@ccsc/contract/documents';
import { studyCompleteness } from '../documents/completeness.core';
import { completenessDeps } from '../wiring/documents';
import { handle } from '../wiring/handler';

export const handler = handle(
  routes['artifact/study-completeness'],
  studyCompleteness,
  completenessDeps,
);
