// An <a> that navigates through the History API instead of reloading the page, while keeping
// real hrefs (open in new tab, copy link, crawlers).
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../state/router';

export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
