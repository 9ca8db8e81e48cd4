/**
 * The animated background of the signed-out screens (our replacement for the spec's looping video):
 * slowly drifting gold and purple light orbs under a faint shimmer. Motion stops under
 * prefers-reduced-motion (see styles.css).
 */
export function RoyalBackdrop() {
  return (
    <div className="royal-backdrop" aria-hidden="true">
      <div className="royal-orb royal-orb-gold" />
      <div className="royal-orb royal-orb-purple" />
      <div className="royal-orb royal-orb-rose" />
      <div className="royal-orb royal-orb-amber" />
      <div className="royal-shimmer" />
      <div className="royal-grain" />
    </div>
  );
}
