import { routes } from '@ccsc/contract';
import { getCatalogue } from '../standards/read-standards.core';
import { handle } from '../wiring/handler';

export const handler = handle(routes['artifact/catalogue'], getCatalogue, () => ({}));
