import { standardRoutes as routes } from '@ccsc/contract/standards';
import { getCatalogue } from '../standards/read-standards.core';
import { handle } from '../wiring/handler';

export const handler = handle(routes['artifact/catalogue'], getCatalogue, () => ({}));
