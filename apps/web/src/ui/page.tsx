import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

interface PageProps {
  title: string;
  /** The tab title when it differs from the heading. */
  documentTitle?: string;
  intro?: ReactNode;
  width?: 'narrow' | 'medium' | 'wide';
  children?: ReactNode;
}

/** The frame of an ordinary page: one h1, an optional lead paragraph, a readable width. */
export function Page({ title, documentTitle, intro, width = 'wide', children }: PageProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <div className={`page page--${width}`}>
      <h1 className="page__title">{title}</h1>
      {intro && <div className="page__intro">{intro}</div>}
      {children}
    </div>
  );
}
