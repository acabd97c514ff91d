import { routes } from '../contract';
import { getSiteOrgList } from '../features/organisations/organisation-lists.core';
import { createHandler } from '../http/router';
import { organisations } from './wiring/dynamodb';

export const handler = createHandler(routes.getSiteOrgList, getSiteOrgList, () => ({
  organisations: organisations(),
}));
