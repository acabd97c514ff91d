import { routes } from '../contract';
import { getSponsorList } from '../features/organisations/organisation-lists.core';
import { createHandler } from '../http/router';
import { organisations } from './wiring/dynamodb';

export const handler = createHandler(routes.getSponsorList, getSponsorList, () => ({
  organisations: organisations(),
}));
