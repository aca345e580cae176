// The web app's targets (docs/performance.md, "Web pages"), and the check of one result against them.

/** Lighthouse category ids, in the order the report prints them. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export const SHORT_NAMES = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'bp', seo: 'seo' };

/** Minimum scores (0-100). Performance is a mobile bar; the desktop run is reported, not judged. */
export const LIGHTHOUSE_TARGETS = {
  mobile: { performance: 95, accessibility: 100, 'best-practices': 95, seo: 90 },
  desktop: { accessibility: 100, 'best-practices': 95, seo: 90 },
};

export const AXE_TARGET = 0;

/** Every missed bar of one Lighthouse run, as readable sentences. */
export const missedLighthouse = (path, formFactor, scores) =>
  Object.entries(LIGHTHOUSE_TARGETS[formFactor]).flatMap(([category, minimum]) => {
    const score = scores[category];
    if (score === null || score === undefined) return [`${path} (${formFactor}): no ${category} score (the run failed)`];
    return score < minimum ? [`${path} (${formFactor}): ${category} ${score} < ${minimum}`] : [];
  });

export const missedAxe = (label, violations) =>
  violations.length > AXE_TARGET ? [`${label}: ${violations.length} axe violation(s): ${violations.map((v) => v.id).join(', ')}`] : [];
