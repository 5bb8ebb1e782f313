export { findUserByEmail, loadUserView } from './users.repo.ts';
