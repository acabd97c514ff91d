import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../components/language-switcher';
import { useRuntimeConfig } from '../config/runtime-config';

/** The public screens: a top bar with the product name and the language switcher. */
export const PublicLayout = () => {
  const { productName } = useRuntimeConfig();
  return (
    <div className="d-flex flex-column min-vh-100 bg-body-tertiary">
      <header className="navbar bg-primary px-3" data-bs-theme="dark">
        <span className="navbar-brand fw-semibold">{productName}</span>
        <LanguageSwitcher variant="outline-light" />
      </header>
      <main className="flex-grow-1 container py-4">
        <Outlet />
      </main>
    </div>
  );
};
