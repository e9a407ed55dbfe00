import type { ReactNode } from 'react';

/** The centred card every account screen sits in. */
export function AuthCard(props: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className={props.aside ? 'auth-layout with-aside' : 'auth-layout'}>
      <section className="auth-card card" aria-labelledby="auth-title">
        <h1 id="auth-title">{props.title}</h1>
        {props.lead && <p className="muted">{props.lead}</p>}
        {props.children}
      </section>
      {props.aside}
    </div>
  );
}

/** The placeholder while authentication loads (spec §2: Checking authentication...). */
export function AuthChecking() {
  return (
    <div className="auth-layout">
      <p className="auth-checking card" role="status">
        Checking authentication...
      </p>
    </div>
  );
}
