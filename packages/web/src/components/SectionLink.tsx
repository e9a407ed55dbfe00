import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { type HomeSection, useGoToSection } from '../app/scroll';

/**
 * A link to a section of the home page (`/#pricing`): a real link, so it works in the
 * prerendered HTML without JavaScript (issue 26 point 7); with it, the click scrolls there
 * smoothly (or goes home with the hash from another page) instead of reloading.
 */
export function SectionLink(props: {
  section: HomeSection;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const goTo = useGoToSection();
  return (
    <Link
      to="/"
      hash={props.section}
      className={props.className}
      onClick={(e) => {
        e.preventDefault();
        props.onClick?.();
        goTo(props.section);
      }}
    >
      {props.children}
    </Link>
  );
}
