import { availableProFeatures, plannedProFeatures } from '@mapsmith/core/browser';

/**
 * The Pro features from the core list: what works today, and (when `showPlanned`) what is being
 * built under its own "Planned, not included yet" heading, so nothing unbuilt reads as sold.
 */
export function ProFeatureList(props: { showPlanned?: boolean }) {
  const planned = plannedProFeatures();
  return (
    <>
      <ul className="check-list" data-testid="pro-features">
        {availableProFeatures().map((f) => (
          <li key={f.id}>{f.label}</li>
        ))}
      </ul>
      {props.showPlanned && planned.length > 0 && (
        <div className="planned-features">
          <p className="muted small planned-title">Planned, not included yet:</p>
          <ul className="muted small plain-list" data-testid="planned-features">
            {planned.map((f) => (
              <li key={f.id}>{f.label}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
