import type { CrawlJob } from '@mapsmith/core/browser';
import { useEffect, useState } from 'react';
import { errorText } from '../app/errors';
import { useToast } from '../app/toast';
import { useApi } from '../app/use-api';

type Action = 'stop' | 'pause' | 'resume';

const OPERATION = { stop: 'crawl.stop', pause: 'crawl.pause', resume: 'crawl.resume' } as const;

/**
 * Stop, Pause and Resume of a crawl under way (issue 30), on the progress panel of the home
 * page and of the crawl page, web and desktop alike. Stop asks first (the app's confirmation);
 * pause does not. The request is answered at once; the panel follows the crawl's own status
 * ("Stopping...", "Pausing...") until the worker has acted on it, within seconds.
 */
export function CrawlControls(props: { job: CrawlJob }) {
  const api = useApi();
  const toast = useToast();
  const { jobId, status } = props.job;
  const control = props.job.control ?? null;
  const [asked, setAsked] = useState<Action | null>(null);
  // What the crawl now says replaces what this page asked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the crawl's state moves
  useEffect(() => setAsked(null), [status, control]);

  const act = async (action: Action) => {
    if (
      action === 'stop' &&
      !window.confirm(
        'Stop this crawl? The pages crawled so far are kept, and the sitemap is built from them.',
      )
    )
      return;
    setAsked(action);
    try {
      await api.call(OPERATION[action], { jobId });
    } catch (err) {
      setAsked(null);
      toast({
        title: `Could not ${action} the crawl`,
        description: errorText(err, 'Please try again.'),
        variant: 'error',
      });
    }
  };

  const stopping = control === 'stop' || asked === 'stop';
  const paused = status === 'paused' && asked !== 'resume';
  const pausing = !paused && (control === 'pause' || asked === 'pause');
  return (
    <div className="button-row crawl-controls" data-testid="crawl-controls">
      {paused ? (
        <button
          type="button"
          className="button small primary"
          disabled={stopping}
          onClick={() => void act('resume')}
        >
          Resume
        </button>
      ) : (
        <button
          type="button"
          className="button small"
          disabled={stopping || pausing}
          onClick={() => void act('pause')}
        >
          {pausing ? 'Pausing...' : 'Pause'}
        </button>
      )}
      <button
        type="button"
        className="button small danger"
        disabled={stopping}
        onClick={() => void act('stop')}
      >
        {stopping ? 'Stopping...' : 'Stop'}
      </button>
    </div>
  );
}
