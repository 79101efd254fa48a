"""D&D 3.5 encounter mode (ruleset ``dnd35-encounter``): a referee runs a grid combat; the bot
keeps the map, the initiative order, positions and hit points, and checks every move against
the 3.5 tactical movement rules (:mod:`engine.grid`).

Seats: ``referee`` (whoever opens the game) and players ``p1``..``p6`` (join any time).

=============  =====================================================  ===================
command        options                                                who
=============  =====================================================  ===================
place          creature, square, hp, ac, init, owner, size, speed,    referee
               race, armor, reach, class, level, fly, traits,
               attacks ("glaive +8 1d10+6 reach; bow +4 1d8 range:100ft")
creature edit  creature + any option of place but square              referee
remove         creature                                               referee
initiative     (none): d20 + modifier for every creature              referee
move           to | path, mode (single/double/run/step/minimum),      owner or referee,
               creature, tumble | overrun (opponent), check, against  on its turn
charge         target, to, attack, roll, damage, creature             owner or referee
attack         target, attack (1, 2..), roll (1d20+5 or +5), damage,  owner or referee
               creature
end            creature                                               owner or referee
damage / heal  creature, amount (7 or 2d6)                            referee
condition      creature, add, remove (comma-separated labels)         owner or referee
override       creature, to, reason: any square, outside the rules    referee
pause/resume   reason (pause)                                         referee
finish         reason                                                 referee
=============  =====================================================  ===================

Modules: :mod:`.creature` (hit point thresholds, attacks, traits), :mod:`.conditions` (which
labels carry a rule), :mod:`.actions`, :mod:`.commands` (reading
typed options), :mod:`.initiative` (3.5 tie-breaks), :mod:`.turn` (actions and movement
allowance in a turn), :mod:`.settings` (every rules option), :mod:`.maps`, :mod:`.ruleset`.
"""

from engine.core.ruleset import register
from engine.rulesets.dnd35_encounter.ruleset import Encounter

register(Encounter())
