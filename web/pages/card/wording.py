"""What each face of a card reads today, for the card's box and the judge's sheet: the wording in
force (``oracle.wording_in_force``), which the card's wording history ends with too."""

from oracle.wording_in_force import FaceWording, face_wordings

__all__ = ["FaceWording", "face_wordings"]
