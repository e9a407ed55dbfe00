import type { OpenApiDocument, OpenApiOperation, OpenApiResponse } from '@mapsmith/core/browser';
import type { ReactNode } from 'react';
import { curlExample } from './curl';
import { type FieldRow, fieldRows, resolveHeader, typeText } from './schema-text';

/** One operation of the published document, as a collapsible card of the reference. */
export interface OperationEntry {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

function FieldTable(props: { caption: string; rows: (FieldRow & { where?: string })[] }) {
  if (props.rows.length === 0) return null;
  const where = props.rows.some((r) => r.where);
  const described = props.rows.some((r) => r.description);
  return (
    <div className="table-scroll">
      <table className="api-table">
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            {where && <th scope="col">In</th>}
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            {described && <th scope="col">Description</th>}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={`${row.where ?? ''}${row.name}`}>
              <td>
                <code>{row.name}</code>
              </td>
              {where && <td data-label="In">{row.where}</td>}
              <td data-label="Type">{row.type}</td>
              <td data-label="Required">{row.required ? 'yes' : 'no'}</td>
              {described && <td className="api-wide">{row.description}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Text whose `backticked` parts are code, as the document's descriptions write them. */
function CodeSpans(props: { text: string }) {
  const nodes: ReactNode[] = [];
  let offset = 0;
  for (const [i, part] of props.text.split('`').entries()) {
    nodes.push(i % 2 === 1 ? <code key={offset}>{part}</code> : part);
    offset += part.length + 1;
  }
  return <>{nodes}</>;
}

function who(operation: OpenApiOperation): string {
  const schemes = operation.security.flatMap((alternative) => Object.keys(alternative));
  if (schemes.includes('apiToken')) return 'API token (or the web app’s session)';
  if (schemes.includes('session')) return 'Signed-in session only: API tokens are refused';
  return 'No sign-in needed';
}

function mediaTypes(response: OpenApiResponse | undefined): string[] {
  return Object.keys(response?.content ?? {});
}

function Answer(props: { doc: OpenApiDocument; status: string; response: OpenApiResponse }) {
  const { doc, status, response } = props;
  const media = Object.values(response.content ?? {});
  const isFile = media.some((m) => m.schema.format === 'binary');
  const json = isFile ? undefined : response.content?.['application/json']?.schema;
  const headers = Object.entries(response.headers ?? {}).map(([name, header]) => ({
    name,
    description: resolveHeader(doc, header)?.description ?? '',
  }));
  return (
    <div className="api-answer">
      <p>
        <span className="badge status-completed">{status}</span>{' '}
        {isFile ? `A file: ${mediaTypes(response).join(', ')}` : 'JSON'}
      </p>
      {json && <FieldTable caption={`Fields of the ${status} answer`} rows={fieldRows(json)} />}
      {headers.length > 0 && <p className="api-label">Headers</p>}
      {headers.length > 0 && (
        <ul className="api-headers" aria-label={`Headers of the ${status} answer`}>
          {headers.map((h) => (
            <li key={h.name}>
              <code>{h.name}</code>: {h.description}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Errors(props: { responses: [string, OpenApiResponse][] }) {
  return (
    <div className="table-scroll">
      <table className="api-table">
        <caption>Errors</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Codes</th>
          </tr>
        </thead>
        <tbody>
          {props.responses.map(([status, response]) => {
            const codes =
              response.content?.['application/json']?.schema.properties?.code?.enum ?? [];
            const retry = response.headers && 'Retry-After' in response.headers;
            return (
              <tr key={status}>
                <td>{status}</td>
                <td className="api-wide">
                  {codes.map((code, i) => (
                    <span key={String(code)}>
                      {i > 0 && ', '}
                      <code>{String(code)}</code>
                    </span>
                  ))}
                  {retry && <span className="muted"> (with Retry-After)</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * An operation of the reference: method and path, what it does, who may call it, its
 * parameters and body fields, its success answer (fields or file types, with the rate-limit
 * headers), its errors by status with their codes, and a curl line to try it.
 */
export function OperationCard(props: {
  doc: OpenApiDocument;
  entry: OperationEntry;
  baseUrl: string;
}) {
  const { doc, entry, baseUrl } = props;
  const { method, path, operation } = entry;
  const responses = Object.entries(operation.responses);
  const success = responses.filter(([status]) => status.startsWith('2'));
  const errors = responses.filter(([status]) => !status.startsWith('2'));
  const parameters = operation.parameters.map((p) => ({
    name: p.name,
    where: p.in,
    type: typeText(p.schema),
    required: p.required,
    ...(p.description ? { description: p.description } : {}),
  }));
  const body = fieldRows(operation.requestBody?.content['application/json']?.schema);
  const curl = curlExample(
    { baseUrl, method, path, sessionCookie: doc.components.securitySchemes.session.name },
    operation,
  );
  return (
    <details className="card api-operation" id={operation.operationId}>
      <summary>
        <span className={`api-method api-method-${method}`}>{method.toUpperCase()}</span>{' '}
        <code className="api-path">{path}</code>{' '}
        <span className="api-summary">{operation.summary}</span>
      </summary>
      {operation.description && (
        <p>
          <CodeSpans text={operation.description} />
        </p>
      )}
      <p className="muted small">
        {who(operation)}. Operation <code>{operation.operationId}</code>.
      </p>
      <FieldTable caption="Parameters" rows={parameters} />
      {operation.requestBody && body.length === 0 && (
        <p className="small">
          JSON body: send <code>{'{}'}</code> (no fields).
        </p>
      )}
      <FieldTable caption="Body fields (JSON)" rows={body} />
      {success.map(([status, response]) => (
        <Answer key={status} doc={doc} status={status} response={response} />
      ))}
      <Errors responses={errors} />
      <figure className="api-curl">
        <figcaption>Try it with curl</figcaption>
        <pre className="code-block">
          <code>{curl}</code>
        </pre>
      </figure>
    </details>
  );
}
