# Two players; Anna (seat 0) lays a Wild Draw Four while she holds red cards,
# and Bo takes the four cards instead of challenging.
[Format "1"]
[Rules "official"]
[Players "2"]
[Names "Anna Bo"]

[Round "1"]
[Deck "R+2 G1 W+4 G2 R1 G3 R4 Y7 B5 B9 G6 B8 Y8 R9 R7 Y1 Y2 Y3 Y4 Y6 Y0"]
1. 0 play W+4 blue
2. 1 draw
3. 0 play B5
4. 1 play B9
