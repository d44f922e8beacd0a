import { useTranslation } from 'react-i18next';
import classes from './compartment-diagram.module.css';
import { COMPARTMENTS_PER_ROW, compartmentRows } from './compartment-layout.ts';

/** Distinct colours for the cards of one draft, by their place in it (Mantine palette names). */
const PART_COLORS = ['blue', 'teal', 'grape', 'orange', 'cyan', 'lime', 'pink', 'indigo', 'yellow', 'red'];

export interface DiagramPart {
  cardId: number;
  compartments: number;
  /** The card as the legend names it. */
  label: string;
}

const ROW_STYLE = { gridTemplateColumns: `repeat(${COMPARTMENTS_PER_ROW}, minmax(0, 1fr))` };

/** A card's light fill and darker border, from its colour in the draft. */
const fillOf = (color: string) => ({
  background: `var(--mantine-color-${color}-2)`,
  borderColor: `var(--mantine-color-${color}-7)`,
});

/**
 * A draft's compartments (spec 3 §9): at least 8, up to the larger of the trailer's count and those
 * used, 10 per row; each card's compartments in its colour, with a legend naming the cards. Plain
 * elements: the preview draws many of these at once.
 */
export function CompartmentDiagram({
  trailerCompartments,
  parts,
}: {
  trailerCompartments: number;
  parts: readonly DiagramPart[];
}) {
  const { t } = useTranslation('production-planning');
  const rows = compartmentRows(trailerCompartments, parts);
  const colorOf = new Map(parts.map((part, index) => [part.cardId, PART_COLORS[index % PART_COLORS.length] ?? 'blue']));
  const used = parts.reduce((sum, part) => sum + part.compartments, 0);
  return (
    <div className={classes.diagram} data-testid="compartment-diagram">
      <div className={classes.caption}>{t('preview.compartmentsUsed', { used, count: trailerCompartments })}</div>
      <div className={classes.rows} role="img" aria-label={t('preview.diagramLabel', { used, count: trailerCompartments })}>
        {rows.map((row) => (
          <div key={row[0]?.number} className={classes.row} style={ROW_STYLE}>
            {row.map((slot) => {
              const color = slot.cardId === null ? undefined : colorOf.get(slot.cardId);
              return (
                <div
                  key={slot.number}
                  className={classes.compartment}
                  data-testid="compartment"
                  data-filled={slot.cardId !== null || undefined}
                  data-beyond-trailer={slot.overflow || undefined}
                  style={color ? fillOf(color) : undefined}
                >
                  {slot.number}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <ul className={classes.legend}>
        {parts.map((part) => (
          <li key={part.cardId} className={classes.legendItem}>
            <span className={classes.swatch} style={fillOf(colorOf.get(part.cardId) ?? 'blue')} aria-hidden />
            {t('preview.legend', { card: part.label, count: part.compartments })}
          </li>
        ))}
      </ul>
    </div>
  );
}
