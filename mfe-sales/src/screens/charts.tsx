/**
 * Small SVG charts for the dashboard. The project ships no chart library (no chart.js in any package.json, and
 * PrimeReact's Chart needs it): two plain SVG charts cost no bundle, print as they show, follow the page's
 * direction and carry their figures as text for screen readers.
 */

export interface ChartDatum {
  key: string;
  label: string;
  value: number;
  /** The figure as shown (the branch's decimals). */
  text: string;
}

/** Vertical bars in order (hours of a day): the value over each bar on hover, every label under it. */
export function ColumnChart({
  data,
  title,
  testId,
}: {
  data: readonly ChartDatum[];
  title: string;
  testId: string;
}) {
  const max = Math.max(0, ...data.map((d) => d.value)) || 1;
  const width = 24;
  const height = 120;
  return (
    <figure className="sales-chart" data-testid={testId} style={{ margin: 0 }}>
      <svg
        role="img"
        aria-label={title}
        viewBox={`0 0 ${data.length * width} ${height + 16}`}
        style={{ width: '100%', height: '10rem' }}
      >
        {data.map((d, i) => {
          const h = (d.value / max) * height;
          return (
            <g key={d.key}>
              <title>{`${d.label}: ${d.text}`}</title>
              <rect
                x={i * width + 3}
                y={height - h}
                width={width - 6}
                height={Math.max(h, d.value > 0 ? 1 : 0)}
                rx={2}
                fill="var(--primary-color, #2563eb)"
              />
              <text
                x={i * width + width / 2}
                y={height + 12}
                fontSize={8}
                textAnchor="middle"
                fill="currentColor"
              >
                {d.label}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** Horizontal bars, largest first: a name, its bar and its figure on each row. */
export function BarList({
  data,
  title,
  testId,
}: {
  data: readonly ChartDatum[];
  title: string;
  testId: string;
}) {
  const max = Math.max(0, ...data.map((d) => d.value)) || 1;
  return (
    <ul aria-label={title} data-testid={testId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {data.map((d) => (
        <li
          key={d.key}
          style={{
            display: 'grid',
            gridTemplateColumns: '9rem 1fr 6rem',
            gap: '0.5rem',
            alignItems: 'center',
            marginBlock: '0.25rem',
          }}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {d.label}
          </span>
          <span style={{ background: 'var(--surface-200, #e5e7eb)', borderRadius: 3, height: '0.75rem' }}>
            <span
              style={{
                display: 'block',
                width: `${(Math.max(d.value, 0) / max) * 100}%`,
                height: '100%',
                borderRadius: 3,
                background: 'var(--primary-color, #2563eb)',
              }}
            />
          </span>
          <span className="erp-md__num" style={{ textAlign: 'end' }}>
            {d.text}
          </span>
        </li>
      ))}
    </ul>
  );
}
