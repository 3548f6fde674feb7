import type { MouseEvent, Ref } from 'react';
import { Link, type LinkProps, useNavigate } from 'react-router';
import { rememberedPath } from './remembered-search';

interface MenuLinkProps extends Omit<LinkProps, 'to'> {
  /** The screen's path, without a query string. */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

const plainClick = (e: MouseEvent) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented;

/**
 * A menu entry's link: it goes back to the screen with the search, filters, page and sort the admin
 * left it with, read when it is clicked (the href shows the one known when the menu last rendered).
 */
export function MenuLink({ to, onClick, ref, ...props }: MenuLinkProps) {
  const navigate = useNavigate();
  return (
    <Link
      ref={ref}
      to={rememberedPath(to)}
      onClick={(e) => {
        onClick?.(e);
        if (!plainClick(e)) return;
        e.preventDefault();
        navigate(rememberedPath(to));
      }}
      {...props}
    />
  );
}
