import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../components/language-switcher';
import { useOptionalRuntimeConfig } from '../config/runtime-config';

/**
 * The public screens: a top bar with the product name and the language switcher. The name comes
 * with /config.json, which the login screen does not wait for: the bar keeps its height meanwhile.
 */
export const PublicLayout = () => {
  const productName = useOptionalRuntimeConfig()?.productName ?? '';
  return (
    <div className="d-flex flex-column min-vh-100 bg-body-tertiary">
      <header className="navbar bg-primary px-3" data-bs-theme="dark">
        {/* A space until the name is there, so that the bar does not grow when it comes. */}
        <span className="navbar-brand fw-semibold">{productName || '\u00a0'}</span>
        <LanguageSwitcher variant="outline-light" />
      </header>
      <main className="flex-grow-1 container py-4">
        <Outlet />
      </main>
    </div>
  );
};
