/**
 * The user-management screens, loaded together as one chunk: the route table
 * (app/app-routes.tsx) then names one chunk and what it needs once, rather than three chunks and
 * the pieces they share (TanStack Query's mutations, react-hook-form), each such name costing the
 * login route's entry chunk bytes (README, "Size budget").
 */
export { CreateUserPage } from './components/create-user-page';
export { EditUserPage } from './components/edit-user-page';
export { UserListPage } from './components/user-list-page';
