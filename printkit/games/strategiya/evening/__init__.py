"""A «Стратегия» evening: every hero's cell, lives and goods, kept as the table plays."""

from __future__ import annotations

from printkit.evening import Table

from ..map_sheet import SYMBOLS
from .asked import given, now, offers, told
from .cargo import CARGO_EVENT
from .explored import EXPLORED_EVENT
from .goods import EXPERIENCE_EVENT, ITEMS_EVENT, MONEY_EVENT
from .lives import LIVES_EVENT, REST_EVENT, opening
from .moves import MOVE
from .orders import ORDER_EVENT
from .part import Boat, Built, Explored, Goods, Heroes, Job, Now, begin
from .potential import POTENTIAL_EVENT
from .ships import SHIP_EVENT
from .shown import actors_of, game_map, json_of, lines_of, own_of, owner_of, papers, secrets_of
from .sitting import SKIP_EVENT
from .turns import announces, skips, turn_ends
from .works import STALL_EVENT, WORK_EVENT

TABLE = Table(begin=begin,
              kinds=(MOVE, LIVES_EVENT, REST_EVENT, MONEY_EVENT, ITEMS_EVENT, EXPERIENCE_EVENT, EXPLORED_EVENT,
                     ORDER_EVENT, SHIP_EVENT, WORK_EVENT, STALL_EVENT, POTENTIAL_EVENT, CARGO_EVENT, SKIP_EVENT),
              json=json_of, lines=lines_of, secrets=secrets_of, owner=owner_of, actors=actors_of, papers=papers,
              turn_ends=turn_ends, now=now, given=given, offers=offers, told=told, own=own_of, skips=skips,
              announces=announces, opening=opening, game_map=game_map, map_legend=SYMBOLS,
              kept=(Now, Explored, Boat, Job, Built, Goods))  # fmt: skip

__all__ = ["TABLE", "Boat", "Built", "Explored", "Goods", "Heroes", "Job", "Now"]
