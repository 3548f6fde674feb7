import { IconCalendarEvent, IconUserCircle } from '@tabler/icons-react';
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
