import { routes } from '@ccsc/contract';
import { getSponsorList } from '../features/organisations/organisation-lists.core';
import { handle } from '../wiring/handler';
import { organisations } from '../wiring/dynamodb';

export const handler = handle(routes.getSponsorList, getSponsorList, () => ({
  organisations: organisations(),
}));
