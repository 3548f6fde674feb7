import { IconArrowLeft, IconCalendarEvent, IconUserCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** The screen's title, with the way to Agenda and Perfil on the right (they are not tabs). */
export function TopBar({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="topbar">
      <h1>{title}</h1>
      <div className="topbar__actions">
        {children}
        <Link href="/agenda" className="icon-button" aria-label="Agenda">
          <IconCalendarEvent size={24} aria-hidden />
        </Link>
        <Link href="/perfil" className="icon-button" aria-label="Perfil">
          <IconUserCircle size={24} aria-hidden />
        </Link>
      </div>
    </header>
  );
}

/** The title of a screen opened from another one (a post, a notification, a survey), with the way back. */
export function BackBar({ title, href, label }: { title: ReactNode; href: string; label: string }) {
  return (
    <header className="topbar topbar--back">
      <Link href={href} className="icon-button" aria-label={label}>
        <IconArrowLeft size={24} aria-hidden />
      </Link>
      <h1>{title}</h1>
    </header>
  );
}
