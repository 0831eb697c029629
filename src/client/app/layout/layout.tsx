/**
 * The page frame: skip link, top bar, the page, footer, and — when logged in — the
 * feedback shortcut (above the footer, floating beside the column on wide screens) and the phone bottom bar. The dialog host renders the open dialog.
 */
import type { ReactNode } from 'react';
import { selectIsLoggedIn } from '../../lib/session';
import { DialogHost } from '../../features/account/dialogs/dialog-host';
import { useAppSelector } from '../hooks';
import { BottomBar } from './bottom-bar';
import { FeedbackShortcut } from './feedback-shortcut';
import { SiteFooter } from './site-footer';
import { SlipHost } from './slip-host';
import { TopBar } from './top-bar';
import './layout.css';

export function Layout({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return (
    <div className={`app-layout d-flex flex-column min-vh-100${loggedIn ? ' with-bottom-bar' : ''}`}>
      <a href="#content" className="visually-hidden-focusable skip-link">
        Skip to main content
      </a>
      <TopBar />
      {/* Each page renders its own <main>; this wrapper is the skip link's target. */}
      <div id="content" className="flex-grow-1" tabIndex={-1}>
        {children}
      </div>
      {loggedIn && <FeedbackShortcut />}
      <SiteFooter />
      {loggedIn && <BottomBar />}
      {loggedIn && <SlipHost />}
      <DialogHost />
    </div>
  );
}
