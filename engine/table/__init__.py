"""engine.table — a continuous table in inches, for rank-and-flank games (The Ninth Age).

Knows nothing of any game's rules: it measures. Built on shapely (polygons, exact distances,
clipping) and numpy/scipy (sampling, bottleneck assignment). Bearings: 0 = +y, clockwise.

frame.py       mm(), direction(), right_of(), bearing_between(), turn_between(), to_world/to_local,
               EPS_CONTACT (0.01"), EPS_DIST (0.001")
footprint.py   Formation(base mm, files, models, skirmish, round_base, attached[Attached]),
               Pose(x, y, bearing) (the unit centre), footprint() -> Footprint (.models .shape
               .rect .corners .front_edge .edge(side) .front_rank() .local() .world())
arcs.py        arc_of(fp, point), arc_region(fp, arc), edge_share(), majority_arc()
contact.py     distance(), in_contact(), models_in_contact(), contact_side(), contact_graph(),
               combats(), gap_strip(), gap_contacts() (front-rank models in contact across a gap)
sight.py       Obstacle, sight_line(), has_line_of_sight(), cover_fractions() -> CoverFractions
templates.py   Circle(diameter), Line (hits_in_order), Capsule, touched()
terrain.py     TerrainFeature(polygon or wall line, kind, categories), Table(width, height,
               terrain) (.edges .off_table_fraction .fully_on .touches_edge .feature_at
               .area_fraction .impassable)
charge.py      flush_poses(charger, target, side, others, impassable, table, gaps) -> [FlushPose] best first
               (remembered by their inputs; a wheel of at most 90°, then an align under 90°)
charge_path.py charge_path(start, end, target, obstacles) -> (ChargePath | None, obstacle crossed),
               landings(), standing_against() (an obstacle a unit starts against counts
               only deeper than EPS_CONTACT)
motion.py      Step, run_move() -> MoveResult(length, max_displacement, path), wheel(), pivot(),
               translate(), wheel_arc(), Surroundings, check_path(), reformed(),
               reform_displacement(), bottleneck_assignment(), move_ahead() -> Ahead (straight ahead
               until a contact, an overlap, the table edge or the distance; where it stops computed
               exactly, the end the farthest place keeping the 1" rule; blocked_by and short_by
               name each unit or terrain feature that stopped it or kept its end short, and why)
scatter.py     random_bearing(rng), scatter(start, distance, rng), is_hit()
paths.py       shortest_path(start, end, obstacles, clearance=1) -> (length, corner points)
view.py        TableView (terrain, zones, markers, units, paths) for renderers.table
"""
