import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets document.title to "{page} - 帮我看看" (or just the app name for the home page). */
function usePageTitle(title: string, standalone = false): void {
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

/** Focus was asked for while the page's code was still on its way: its h1 takes it when it comes. */
let headingFocusWanted = false;

/** Puts focus on the page's h1, as every page change does: a screen reader goes on reading from there. */
export function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  headingFocusWanted = heading === null;
  heading?.focus();
}

/**
 * A page: its one h1 (the focus target on route changes, tabIndex -1) and its content. The layout
 * owns <main>, the header with the back button and the navigation.
 */
export function Page({ title, children, className, standaloneTitle = false, before }: PageProps) {
  usePageTitle(title, standaloneTitle);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!headingFocusWanted) return;
    headingFocusWanted = false;
    heading.current?.focus();
  }, []);
  return (
    <div className={className ? `page ${className}` : 'page'}>
      {before}
      <h1 ref={heading} className="page__title" tabIndex={-1} data-page-title="">
        {title}
      </h1>
      {children}
    </div>
  );
}
