"""The Ninth Age (Fantasy Battle: The 9th Age, rulebook 0.11.1): rank-and-flank battles on a
continuous table. Rules: /work/shared/rules/the-ninth-age.md (seed 001_777cdde5060a1d1b).

Modules: :mod:`.catalogue` (troop types, special rules, equipment, magic items), :mod:`.army`
(army files, validated), :mod:`.composition` (§2 army composition).
"""
