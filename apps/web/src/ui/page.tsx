import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets document.title to "{page} - 帮我看看" (or just the app name for the home page). */
export function usePageTitle(title: string, standalone = false): void {
  const { t } = useTranslation();
  const full = standalone ? title : `${title}${t('app.titleSuffix')}`;
  useEffect(() => {
    document.title = full;
  }, [full]);
}

export interface PageProps {
  title: string;
  children?: ReactNode;
  className?: string;
  /** The document title is the page title alone (home). */
  standaloneTitle?: boolean;
  /** Something shown above the h1 (the home logo). */
  before?: ReactNode;
}

/** Puts focus on the page's h1, as every page change does: a screen reader goes on reading from there. */
export function focusPageHeading(): void {
  document.querySelector<HTMLElement>('main h1')?.focus();
}

/**
 * A page: its one h1 (the focus target on route changes, tabIndex -1) and its content. The layout
 * owns <main>, the header with the back button and the navigation.
 */
export function Page({ title, children, className, standaloneTitle = false, before }: PageProps) {
  usePageTitle(title, standaloneTitle);
  return (
    <div className={className ? `page ${className}` : 'page'}>
      {before}
      <h1 className="page__title" tabIndex={-1} data-page-title="">
        {title}
      </h1>
      {children}
    </div>
  );
}
