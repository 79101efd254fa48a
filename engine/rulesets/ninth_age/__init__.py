"""The Ninth Age (Fantasy Battle: The 9th Age, rulebook 0.11.1): rank-and-flank battles on a
continuous table. Rules: /work/shared/rules/the-ninth-age.md (seed 001_777cdde5060a1d1b).

=========  ============================================================  =================
command    options                                                       when
=========  ============================================================  =================
deploy     unit, x, y, facing (bearing, or north/south/..), files        deployment
end        (none): end a drop, the charge declarations, or a phase       any
charge     unit, target                                                  movement: charges
advance    unit, forward | back | left | right, wheel ("left 30"),       movement:
           path ("wheel left 30, forward 4"), pivot (single models)      remaining moves
march      unit, forward, wheel, path, pivot                             remaining moves
reform     unit, to ("5x4"), facing (left/right/back or a bearing)       remaining moves
shoot      unit, target, weapon (or "breath"), multiple (yes/no),        shooting
           at ("x,y": a catapult's or flame thrower's template, a cannonball's landing point)
decide     option: side, spells, reactions (hold, stand-and-shoot,       when asked
           flee), redirects, first turn, weapon, Multiple Shots
=========  ============================================================  =================

Modules: :mod:`.catalogue`, :mod:`.army`, :mod:`.composition` (army data and §2);
:mod:`.zones`, :mod:`.terrain_layouts`, :mod:`.spells`, :mod:`.setup` (§3-4);
:mod:`.leadership`, :mod:`.neighbours`, :mod:`.skirmishers`, :mod:`.movement`, :mod:`.charges` (§8);
:mod:`.damage`, :mod:`.saves`, :mod:`.attacks` (the §12 attack sequence, shared by every phase),
:mod:`.casualties` (wound pool, removal, Panic §13, fleeing, Dangerous Terrain);
:mod:`.weapons`, :mod:`.shooting`, :mod:`.artillery`, :mod:`.shooting_phase` (§10, §15.2-15.4,
Stand and Shoot); :mod:`.turns` (§5);
:mod:`.commands` (reading options), :mod:`.actions`, :mod:`.state`, :mod:`.ruleset`.
Geometry comes from :mod:`engine.table`.
"""

from engine.core.ruleset import register
from engine.rulesets.ninth_age.ruleset import NinthAge

register(NinthAge())
